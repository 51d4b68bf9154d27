"""Adversarial twins of the constructor's renamed slot: fork carries correct after the real change.

killers137 widened symbol drift's renamed slot (``drift/symbols.py`` ``_renamed_slot``) to a call of a
class: the call reads the slots of the ``__init__`` it runs, as a call of a function reads its own.  Each
twin replays a real upstream commit that renamed and retyped a constructor's positional parameter under
a fork carry shaped like what the widening catches, but right after the merge (the merge base is the
commit's first parent, upstream the commit):

- #17057 (ea2236bf95, ``CompilerManager(use_inductor: bool)`` -> ``(compilation_config: CompilationConfig)``):
  the old flag passed under a test of the constructor's signature (``inspect.signature(Cls.__init__)``,
  ``inspect.signature(Cls)``, a module flag read off either), under a ``hasattr`` test of the module's new
  helper, under a version check, in a ``try`` whose handler builds the other spelling; the fork's own
  subclass with its own ``__init__`` taking the flag (called directly, through ``cls(...)`` in a
  classmethod, under the upstream name re-bound by an alias), the fork's own namesake class, a local
  bound to the config, a ``**kwargs`` and a ``*args`` call that fit;
- #34485 (2f308214c0, ``InputPreprocessor(model_config: ModelConfig, ...)`` -> ``(vllm_config: VllmConfig,
  ...)``): the whole config, a receiver's ``config``, a local read off the engine's config, the fork's own
  subclass keeping the old first parameter;
- #22537 (5963b98b46, ``TritonExperts(use_fp8_w8a8: bool = False, ...)`` -> ``(quant_config:
  FusedMoEQuantConfig)``): the quant config off the layer, a fork helper's result, the fork's own kernel
  module's ``TritonExperts`` of the old signature;
- #21257 (29d1ffc5b4, ``PrometheusStatLogger(vllm_config, engine_index: int = 0)`` -> ``(vllm_config,
  engine_indexes: list[int] | None = None)``): the index wrapped in a list, ``None``, a local list;
- #32148 (8863c2b25c, ``ClassifierPoolerHead(classifier, act_fn: PoolerActivation | str | None)`` ->
  ``(classifier, logit_bias: float | None, ...)``): ``None`` for the slot, a bias;
- #14097 (3a5f0afcd2, ``KVCacheManager(block_size: int, ...)`` -> ``(kv_cache_config: KVCacheConfig,
  ...)``): the config and the model length;
- #34662 (d00df624f3, ``PenaltiesState(max_num_reqs: int, ...)`` -> ``(req_states: RequestState)``) and
  #24078 (6c47f6bfa4, ``Detokenizer(tokenizer_group)`` -> ``(tokenizer: AnyTokenizer)``): the new value off
  the fork's own object;
- round 3: the fork's shim patched onto the class, a fork test expecting the old spelling refused, the
  fork's ``@dataclass`` subclass of the upstream class; round 4: an ``Optional`` annotation of the new kind,
  a ``cast``, a ``functools.partial``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (f6238a7f), round 1 (5 cases, 27 twins): 5 caught of 5; 3 false errors of 27: the old flag
under a test of ``inspect.signature(CompilerManager.__init__)`` and of ``inspect.getfullargspec(
CompilerManager.__init__)`` (the signature a class's call runs was not read as the call's: only
``signature(CompilerManager)`` was), and a parameter taking either kind, spelled like the old one, handed
on under ``isinstance(use_inductor, CompilationConfig)``.  4 twins warned (a ``hasattr`` test of the
module's new helper, a version check, an ``except (TypeError, AttributeError)`` fallback, a module flag
read off ``signature(CompilerManager)``): warnings by design.
Round 2 (this branch, the mends): a signature read off ``Cls.__init__``/``Cls.__new__`` is one of the
class's call (``drift/fallbacks.py`` ``_reads_signature``: the call sits under a test of the version, a
warning); an argument the call hands on only where the fork's own test says it is the new kind
(``isinstance(arg, New)``, an ``assert``, an exiting ``if not``, or past ``isinstance(arg, Old)``) is
quiet (``drift/symbols.py`` ``_told_apart``).  5 caught of 5; 0 false errors of 27 (6 warned).
Round 3 (more shapes, and #34662's ``PenaltiesState`` and #24078's ``Detokenizer``): on round 2's engine, 1
case caught of 1; 3 false errors of 5: the fork's shim patched onto the class in its module
(``CompilerManager.__init__ = _aeon_init``, which rebuilds the flag as the config: an error on the call and
one on the shim's own ``_upstream_init(self, use_inductor)`` after ``use_inductor = CompilationConfig(...)``),
a fork test expecting the old spelling refused (``pytest.raises((TypeError, AttributeError))``), and the
fork's ``@dataclass`` subclass (its generated ``__init__`` runs, not the base's).  Mended: a class its
calling module patches a constructor onto is skipped (``_patched_inits``), a local rebuilt by a call of the
new kind's class counts as bound to the new kind (``_bound_as_new``), a renamed slot's error inside a test
expecting the misfit is dropped (``_slot_error``), and a dataclass of the order before the found
``__init__`` ends the constructor's reach (``_init_sym``; ``init=False`` does not).
Round 4 (the new kind said by the fork's own ``Optional`` annotation of a parameter named as the old, a
``cast``, a ``functools.partial`` of the class given the config): 3 quiet of 3, on main too.
All rounds, main (f6238a7f): 6 caught of 6; 6 false errors of 35 twins (4 warned).
This branch: 6 caught of 6; 0 false errors of 35 (6 warned: the hasattr test, the version check, the
``except (TypeError, AttributeError)`` fallback and the three signature tests, warnings by design).
Regression set at this branch's engine (a69537dc): killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
review15/16/17_twins 0 false errors (40, 30, 23), blind_replay_compiler 23 caught, 2 warned of 25 (11
quiet, as before), blind_replay_compile 12/12 (9 quiet), blind_replay_passes 21/21 (12 quiet),
blind_replay_inputs 22/22 (13 quiet), blind_replay_mrv2 30 caught, 1 warned, 2 missed of 33 (18 quiet; as
on main), ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8
warnings).

  PYTHONPATH=.. python review39_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- ea2236bf95 (#17057): CompilerManager(use_inductor: bool) -> CompilerManager(compilation_config)
CM = ("#17057", "ea2236bf95", "CompilerManager.__init__(use_inductor: bool) -> (compilation_config: CompilationConfig)")
MGR = "from vllm.compilation.backends import CompilerManager\nfrom vllm.config import CompilationConfig\n\n\n"
CASES += [
    (
        "#17057 constructor slot",
        "the flag positionally",
        K(
            *CM,
            "vllm/aeon/r39cm0.py",
            MGR + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    return CompilerManager(config.use_inductor)\n",
            "    return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "the flag into a fork subclass that keeps the upstream __init__",
        K(
            *CM,
            "vllm/aeon/r39cm1.py",
            MGR + "class AeonCompilerManager(CompilerManager):\n"
            "    def aeon_hits(self) -> int:\n"
            "        return len(self.cache)\n\n\n"
            "def aeon_manager(config: CompilationConfig) -> AeonCompilerManager:\n"
            "    return AeonCompilerManager(config.use_inductor)\n",
            "    return AeonCompilerManager(config.use_inductor)",
        ),
    ),
]
TWINS += [
    (
        "#17057 constructor slot",
        "twin: the old flag under a test of the __init__'s signature",
        K(
            *CM,
            "vllm/aeon/r39cm2.py",
            "import inspect\n\n" + MGR + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            '    if "compilation_config" in inspect.signature(CompilerManager.__init__).parameters:\n'
            "        return CompilerManager(config)\n"
            "    return CompilerManager(config.use_inductor)  # AEON: the manager before the config landed\n",
            "    return CompilerManager(config.use_inductor)  # AEON: the manager before the config landed",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the old flag under a module flag read off the class's signature",
        K(
            *CM,
            "vllm/aeon/r39cm3.py",
            "import inspect\n\n"
            + MGR
            + '_TAKES_CONFIG = "compilation_config" in inspect.signature(CompilerManager).parameters\n\n\n'
            "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    if not _TAKES_CONFIG:\n"
            "        return CompilerManager(config.use_inductor)\n"
            "    return CompilerManager(config)\n",
            "        return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the old flag under a hasattr test of the module's new helper",
        K(
            *CM,
            "vllm/aeon/r39cm4.py",
            "from vllm.compilation import backends\n"
            + MGR
            + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            '    if hasattr(backends, "make_compiler"):\n'
            "        return CompilerManager(config)\n"
            "    return CompilerManager(config.use_inductor)\n",
            "    return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the old flag under a version check",
        K(
            *CM,
            "vllm/aeon/r39cm5.py",
            "from packaging.version import Version\n\nfrom vllm.version import __version__ as VLLM_VERSION\n"
            + MGR
            + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            '    if Version(VLLM_VERSION) >= Version("0.9.0"):\n'
            "        return CompilerManager(config)\n"
            "    return CompilerManager(config.use_inductor)\n",
            "    return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the old flag as the fallback of an except (TypeError, AttributeError)",
        K(
            *CM,
            "vllm/aeon/r39cm6.py",
            MGR + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    try:\n"
            "        return CompilerManager(config)\n"
            "    except (TypeError, AttributeError):\n"
            "        return CompilerManager(config.use_inductor)\n",
            "        return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the fork's subclass with its own __init__ taking the flag",
        K(
            *CM,
            "vllm/aeon/r39cm7.py",
            MGR + "class AeonCompilerManager(CompilerManager):\n"
            "    def __init__(self, use_inductor: bool, config: CompilationConfig) -> None:\n"
            "        super().__init__(config)\n"
            "        self.aeon_use_inductor = use_inductor\n\n\n"
            "def aeon_manager(config: CompilationConfig) -> AeonCompilerManager:\n"
            "    return AeonCompilerManager(config.use_inductor, config)\n",
            "    return AeonCompilerManager(config.use_inductor, config)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: cls(...) in a classmethod of the fork's subclass with its own __init__",
        K(
            *CM,
            "vllm/aeon/r39cm8.py",
            MGR + "class AeonCompilerManager(CompilerManager):\n"
            "    def __init__(self, use_inductor: bool, config: CompilationConfig) -> None:\n"
            "        super().__init__(config)\n"
            "        self.aeon_use_inductor = use_inductor\n\n"
            "    @classmethod\n"
            "    def aeon_from(cls, config: CompilationConfig) -> AeonCompilerManager:\n"
            "        return cls(config.use_inductor, config)\n",
            "        return cls(config.use_inductor, config)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the upstream name re-bound to the fork's subclass through an alias",
        K(
            *CM,
            "vllm/aeon/r39cm9.py",
            "from vllm.compilation.backends import CompilerManager as _UpstreamManager\n"
            "from vllm.config import CompilationConfig\n\n\n"
            "class CompilerManager(_UpstreamManager):\n"
            "    def __init__(self, use_inductor: bool, config: CompilationConfig) -> None:\n"
            "        super().__init__(config)\n"
            "        self.aeon_use_inductor = use_inductor\n\n\n"
            "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    return CompilerManager(config.use_inductor, config)\n",
            "    return CompilerManager(config.use_inductor, config)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the fork's own namesake class",
        K(
            *CM,
            "vllm/aeon/r39cm10.py",
            "from vllm.config import CompilationConfig\n\n\n"
            "class CompilerManager:\n"
            "    def __init__(self, use_inductor: bool) -> None:\n"
            "        self.use_inductor = use_inductor  # AEON: the Spark's eager bring-up manager\n\n\n"
            "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    return CompilerManager(config.use_inductor)\n",
            "    return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: a local bound to the config",
        K(
            *CM,
            "vllm/aeon/r39cm11.py",
            "from vllm.config import VllmConfig\n"
            + MGR
            + "def aeon_manager(vllm_config: VllmConfig) -> CompilerManager:\n"
            "    cfg = vllm_config.compilation_config\n"
            "    return CompilerManager(cfg)\n",
            "    return CompilerManager(cfg)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: **kwargs and *args that fit",
        K(
            *CM,
            "vllm/aeon/r39cm12.py",
            MGR + "def aeon_manager(config: CompilationConfig) -> tuple[CompilerManager, CompilerManager]:\n"
            "    args = (config,)\n"
            '    return CompilerManager(*args), CompilerManager(**{"compilation_config": config})\n',
            '    return CompilerManager(*args), CompilerManager(**{"compilation_config": config})',
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the old flag under a getfullargspec test of the __init__",
        K(
            *CM,
            "vllm/aeon/r39cm13.py",
            "import inspect\n\n" + MGR + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            '    if "use_inductor" in inspect.getfullargspec(CompilerManager.__init__).args:\n'
            "        return CompilerManager(config.use_inductor)\n"
            "    return CompilerManager(config)\n",
            "        return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the fork's subclass forwarding *args and **kwargs",
        K(
            *CM,
            "vllm/aeon/r39cm14.py",
            MGR + "class AeonCompilerManager(CompilerManager):\n"
            "    def __init__(self, *args: object, aeon_trace: bool = False, **kwargs: object) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_trace = aeon_trace\n\n\n"
            "def aeon_manager(config: CompilationConfig) -> AeonCompilerManager:\n"
            "    return AeonCompilerManager(config, aeon_trace=True)\n",
            "    return AeonCompilerManager(config, aeon_trace=True)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the fork's subclass added to the upstream module, called with the flag",
        Killer(
            *CM,
            (
                Edit(
                    "vllm/compilation/backends.py",
                    "class AeonEagerManager(CompilerManager):\n"
                    "    # AEON: the Spark's bring-up manager keeps the flag and builds the config itself\n"
                    "    def __init__(self, use_inductor: bool) -> None:\n"
                    "        super().__init__(CompilationConfig(use_inductor=use_inductor))\n\n\n",
                    anchor="class VllmBackend:",
                ),
                Edit(
                    "vllm/aeon/r39cm15.py",
                    "from vllm.compilation.backends import AeonEagerManager\n\n\n"
                    "def aeon_manager(use_inductor: bool) -> AeonEagerManager:\n"
                    "    return AeonEagerManager(use_inductor)\n",
                ),
            ),
            (("vllm/aeon/r39cm15.py", "    return AeonEagerManager(use_inductor)"),),
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: a parameter of either kind, named as the old, under isinstance of the new",
        K(
            *CM,
            "vllm/aeon/r39cm16.py",
            MGR + "def aeon_manager(use_inductor: bool | CompilationConfig) -> CompilerManager:\n"
            "    if isinstance(use_inductor, CompilationConfig):\n"
            "        return CompilerManager(use_inductor)\n"
            "    return CompilerManager(CompilationConfig(use_inductor=use_inductor))\n",
            "        return CompilerManager(use_inductor)",
        ),
    ),
]

# --- 2f308214c0 (#34485): InputPreprocessor(model_config: ModelConfig, ...) -> (vllm_config: VllmConfig, ...)
IP = ("#34485", "2f308214c0", "InputPreprocessor.__init__(model_config: ModelConfig) -> (vllm_config: VllmConfig)")
IPI = "from vllm.config import ModelConfig, VllmConfig\nfrom vllm.inputs.preprocess import InputPreprocessor\n\n\n"
CASES += [
    (
        "#34485 constructor slot",
        "the model config off the engine's config",
        K(
            *IP,
            "vllm/aeon/r39ip0.py",
            IPI + "def aeon_preprocessor(vllm_config: VllmConfig) -> InputPreprocessor:\n"
            "    return InputPreprocessor(vllm_config.model_config)\n",
            "    return InputPreprocessor(vllm_config.model_config)",
        ),
    ),
]
TWINS += [
    (
        "#34485 constructor slot",
        "twin: the whole config",
        K(
            *IP,
            "vllm/aeon/r39ip1.py",
            IPI + "def aeon_preprocessor(vllm_config: VllmConfig) -> InputPreprocessor:\n"
            "    return InputPreprocessor(vllm_config)\n",
            "    return InputPreprocessor(vllm_config)",
        ),
    ),
    (
        "#34485 constructor slot",
        "twin: a receiver's config",
        K(
            *IP,
            "vllm/aeon/r39ip2.py",
            IPI + "class AeonFrontend:\n"
            "    def __init__(self, config: VllmConfig) -> None:\n"
            "        self.config = config\n"
            "        self.preprocessor = InputPreprocessor(self.config)\n",
            "        self.preprocessor = InputPreprocessor(self.config)",
        ),
    ),
    (
        "#34485 constructor slot",
        "twin: the fork's subclass keeping the old first parameter",
        K(
            *IP,
            "vllm/aeon/r39ip3.py",
            IPI + "class AeonInputPreprocessor(InputPreprocessor):\n"
            "    def __init__(self, model_config: ModelConfig, vllm_config: VllmConfig) -> None:\n"
            "        super().__init__(vllm_config)\n"
            "        self.aeon_max_len = model_config.max_model_len\n\n\n"
            "def aeon_preprocessor(vllm_config: VllmConfig) -> AeonInputPreprocessor:\n"
            "    return AeonInputPreprocessor(vllm_config.model_config, vllm_config)\n",
            "    return AeonInputPreprocessor(vllm_config.model_config, vllm_config)",
        ),
    ),
]

# --- 5963b98b46 (#22537): TritonExperts(use_fp8_w8a8: bool = False, ...) -> (quant_config: FusedMoEQuantConfig)
TE = ("#22537", "5963b98b46", "TritonExperts.__init__(use_fp8_w8a8: bool, ...) -> (quant_config: FusedMoEQuantConfig)")
TEI = (
    "from vllm.model_executor.layers.fused_moe.config import FusedMoEQuantConfig\n"
    "from vllm.model_executor.layers.fused_moe.fused_moe import TritonExperts\n\n\n"
)
CASES += [
    (
        "#22537 constructor slot",
        "a bool literal for the fp8 flag",
        K(
            *TE,
            "vllm/aeon/r39te0.py",
            TEI
            + "def aeon_experts() -> TritonExperts:\n    return TritonExperts(True)  # AEON: fp8 w8a8 on the Spark\n",
            "    return TritonExperts(True)  # AEON: fp8 w8a8 on the Spark",
        ),
    ),
]
TWINS += [
    (
        "#22537 constructor slot",
        "twin: the quant config off the method",
        K(
            *TE,
            "vllm/aeon/r39te1.py",
            TEI + "class AeonMoEMethod:\n"
            "    def __init__(self, moe_quant_config: FusedMoEQuantConfig) -> None:\n"
            "        self.moe_quant_config = moe_quant_config\n\n"
            "    def aeon_experts(self) -> TritonExperts:\n"
            "        return TritonExperts(self.moe_quant_config)\n",
            "        return TritonExperts(self.moe_quant_config)",
        ),
    ),
    (
        "#22537 constructor slot",
        "twin: a fork helper's config",
        K(
            *TE,
            "vllm/aeon/r39te2.py",
            TEI + "def aeon_fp8_config() -> FusedMoEQuantConfig:\n"
            "    raise NotImplementedError  # AEON: built from the checkpoint's scales\n\n\n"
            "def aeon_experts() -> TritonExperts:\n"
            "    return TritonExperts(aeon_fp8_config())\n",
            "    return TritonExperts(aeon_fp8_config())",
        ),
    ),
    (
        "#22537 constructor slot",
        "twin: the fork kernel module's own TritonExperts of the old signature",
        Killer(
            *TE,
            (
                Edit(
                    "vllm/aeon/r39moe_kernels.py",
                    "class TritonExperts:\n"
                    "    def __init__(self, use_fp8_w8a8: bool = False) -> None:\n"
                    "        self.use_fp8_w8a8 = use_fp8_w8a8  # AEON: the Spark's own fused MoE\n",
                ),
                Edit(
                    "vllm/aeon/r39te3.py",
                    "from vllm.aeon.r39moe_kernels import TritonExperts\n\n\n"
                    "def aeon_experts() -> TritonExperts:\n    return TritonExperts(True)\n",
                ),
            ),
            (("vllm/aeon/r39te3.py", "    return TritonExperts(True)"),),
        ),
    ),
]

# --- 29d1ffc5b4 (#21257): PrometheusStatLogger(vllm_config, engine_index: int = 0) -> (..., engine_indexes)
PL = ("#21257", "29d1ffc5b4", "PrometheusStatLogger(engine_index: int) -> (engine_indexes: list[int] | None)")
PLI = "from vllm.config import VllmConfig\nfrom vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
CASES += [
    (
        "#21257 constructor slot",
        "the engine's index",
        K(
            *PL,
            "vllm/aeon/r39pl0.py",
            PLI + "def aeon_logger(vllm_config: VllmConfig, engine_index: int) -> PrometheusStatLogger:\n"
            "    return PrometheusStatLogger(vllm_config, engine_index)\n",
            "    return PrometheusStatLogger(vllm_config, engine_index)",
        ),
    ),
]
TWINS += [
    (
        "#21257 constructor slot",
        "twin: the index wrapped in a list",
        K(
            *PL,
            "vllm/aeon/r39pl1.py",
            PLI + "def aeon_logger(vllm_config: VllmConfig, engine_index: int) -> PrometheusStatLogger:\n"
            "    return PrometheusStatLogger(vllm_config, [engine_index])\n",
            "    return PrometheusStatLogger(vllm_config, [engine_index])",
        ),
    ),
    (
        "#21257 constructor slot",
        "twin: None for the slot",
        K(
            *PL,
            "vllm/aeon/r39pl2.py",
            PLI + "def aeon_logger(vllm_config: VllmConfig) -> PrometheusStatLogger:\n"
            "    return PrometheusStatLogger(vllm_config, None)\n",
            "    return PrometheusStatLogger(vllm_config, None)",
        ),
    ),
    (
        "#21257 constructor slot",
        "twin: a local list of the indexes",
        K(
            *PL,
            "vllm/aeon/r39pl3.py",
            PLI + "def aeon_logger(vllm_config: VllmConfig, count: int) -> PrometheusStatLogger:\n"
            "    indexes = list(range(count))\n"
            "    return PrometheusStatLogger(vllm_config, indexes)\n",
            "    return PrometheusStatLogger(vllm_config, indexes)",
        ),
    ),
]

# --- 8863c2b25c (#32148): ClassifierPoolerHead(classifier, act_fn) -> (classifier, logit_bias, ...)
PH = (
    "#32148",
    "8863c2b25c",
    "ClassifierPoolerHead(act_fn: PoolerActivation | str | None) -> (logit_bias: float | None)",
)
PHI = (
    "from vllm.model_executor.layers.pooler import ClassifierFn\n"
    "from vllm.model_executor.layers.pooler.seqwise.heads import ClassifierPoolerHead\n\n\n"
)
TWINS += [
    (
        "#32148 constructor slot",
        "twin: None for the slot",
        K(
            *PH,
            "vllm/aeon/r39ph1.py",
            PHI + "def aeon_head(classifier: ClassifierFn) -> ClassifierPoolerHead:\n"
            "    return ClassifierPoolerHead(classifier, None)\n",
            "    return ClassifierPoolerHead(classifier, None)",
        ),
    ),
    (
        "#32148 constructor slot",
        "twin: a float bias",
        K(
            *PH,
            "vllm/aeon/r39ph2.py",
            PHI + "def aeon_head(classifier: ClassifierFn, bias: float) -> ClassifierPoolerHead:\n"
            "    return ClassifierPoolerHead(classifier, bias)\n",
            "    return ClassifierPoolerHead(classifier, bias)",
        ),
    ),
]

# --- 3a5f0afcd2: KVCacheManager(block_size: int, ...) -> (kv_cache_config: KVCacheConfig, ...)
KM = ("#14097", "3a5f0afcd2", "KVCacheManager(block_size: int, ...) -> (kv_cache_config: KVCacheConfig, ...)")
KMI = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.kv_cache_interface import KVCacheConfig\n\n\n"
TWINS += [
    (
        "#14097 constructor slot",
        "twin: the config and the model length",
        K(
            *KM,
            "vllm/aeon/r39km1.py",
            KMI + "def aeon_manager(kv_cache_config: KVCacheConfig, max_model_len: int) -> KVCacheManager:\n"
            "    return KVCacheManager(kv_cache_config, max_model_len)\n",
            "    return KVCacheManager(kv_cache_config, max_model_len)",
        ),
    ),
]


# --- round 3: shapes of correct fork code the first rounds did not try
TWINS += [
    (
        "#17057 constructor slot",
        "twin: the fork's shim of the constructor, patched in where it calls the class",
        K(
            *CM,
            "vllm/aeon/r39cm17.py",
            MGR + "_upstream_init = CompilerManager.__init__\n\n\n"
            "def _aeon_init(self: CompilerManager, use_inductor: bool | CompilationConfig) -> None:\n"
            "    # AEON: the Spark's launchers still hand the flag; build the config the manager takes now\n"
            "    if isinstance(use_inductor, bool):\n"
            "        use_inductor = CompilationConfig(use_inductor=use_inductor)\n"
            "    _upstream_init(self, use_inductor)\n\n\n"
            "CompilerManager.__init__ = _aeon_init  # type: ignore[method-assign]\n\n\n"
            "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    return CompilerManager(config.use_inductor)\n",
            "    return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: a fork test expecting the old spelling to fail",
        K(
            *CM,
            "tests/aeon/test_r39cm18.py",
            "import pytest\n\n" + MGR + "def test_the_flag_is_gone() -> None:\n"
            "    with pytest.raises((TypeError, AttributeError)):\n"
            "        CompilerManager(True)\n",
            "        CompilerManager(True)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: the fork's dataclass subclass (its generated __init__ runs)",
        K(
            *CM,
            "vllm/aeon/r39cm19.py",
            "from dataclasses import dataclass\n\n" + MGR + "@dataclass\n"
            "class AeonManagerRecord(CompilerManager):\n"
            "    use_inductor: bool = True  # AEON: a record of the choice, no manager of its own\n\n\n"
            "def aeon_record(config: CompilationConfig) -> AeonManagerRecord:\n"
            "    return AeonManagerRecord(config.use_inductor)\n",
            "    return AeonManagerRecord(config.use_inductor)",
        ),
    ),
]

# --- d00df624f3 (#34662): PenaltiesState(max_num_reqs: int, vocab_size, device) -> (req_states: RequestState)
PS = ("#34662", "d00df624f3", "PenaltiesState(max_num_reqs: int, ...) -> (req_states: RequestState)")
PSI = "from vllm.v1.worker.gpu.sample.penalties import PenaltiesState\nfrom vllm.v1.worker.gpu.states import RequestState\n\n\n"
CASES += [
    (
        "#34662 constructor slot",
        "the request count",
        K(
            *PS,
            "vllm/aeon/r39ps0.py",
            PSI + "def aeon_penalties(max_num_reqs: int) -> PenaltiesState:\n    return PenaltiesState(max_num_reqs)\n",
            "    return PenaltiesState(max_num_reqs)",
        ),
    ),
]
TWINS += [
    (
        "#34662 constructor slot",
        "twin: the request states off the runner",
        K(
            *PS,
            "vllm/aeon/r39ps1.py",
            PSI + "class AeonSampler:\n"
            "    def __init__(self, req_states: RequestState) -> None:\n"
            "        self.req_states = req_states\n"
            "        self.penalties = PenaltiesState(self.req_states)\n",
            "        self.penalties = PenaltiesState(self.req_states)",
        ),
    ),
]

# --- 6c47f6bfa4 (#24078): Detokenizer(tokenizer_group: TokenizerGroup) -> (tokenizer: AnyTokenizer)
DT = ("#24078", "6c47f6bfa4", "Detokenizer(tokenizer_group: TokenizerGroup) -> (tokenizer: AnyTokenizer)")
DTI = "from vllm.transformers_utils.detokenizer import Detokenizer\n\n\n"
TWINS += [
    (
        "#24078 constructor slot",
        "twin: the tokenizer off the fork's engine",
        K(
            *DT,
            "vllm/aeon/r39dt1.py",
            DTI + "class AeonEngine:\n"
            "    def __init__(self, tokenizer: object) -> None:\n"
            "        self.tokenizer = tokenizer\n"
            "        self.detokenizer = Detokenizer(self.tokenizer)  # type: ignore[arg-type]\n",
            "        self.detokenizer = Detokenizer(self.tokenizer)  # type: ignore[arg-type]",
        ),
    ),
]


# --- round 4: the new kind said by the fork's own annotation or a cast, and a partial
TWINS += [
    (
        "#17057 constructor slot",
        "twin: a parameter named as the old, annotated Optional of the new, tested for None",
        K(
            *CM,
            "vllm/aeon/r39cm20.py",
            MGR + "def aeon_manager(use_inductor: CompilationConfig | None = None) -> CompilerManager | None:\n"
            "    if use_inductor is not None:\n"
            "        return CompilerManager(use_inductor)\n"
            "    return None\n",
            "        return CompilerManager(use_inductor)",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: a cast to the new kind",
        K(
            *CM,
            "vllm/aeon/r39cm21.py",
            "from typing import cast\n\n" + MGR + "def aeon_manager(use_inductor: object) -> CompilerManager:\n"
            "    return CompilerManager(cast(CompilationConfig, use_inductor))\n",
            "    return CompilerManager(cast(CompilationConfig, use_inductor))",
        ),
    ),
    (
        "#17057 constructor slot",
        "twin: a partial of the class given the config",
        K(
            *CM,
            "vllm/aeon/r39cm22.py",
            "import functools\n\n"
            + MGR
            + "def aeon_factory(config: CompilationConfig) -> functools.partial[CompilerManager]:\n"
            "    return functools.partial(CompilerManager, config)\n",
            "    return functools.partial(CompilerManager, config)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review39-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
