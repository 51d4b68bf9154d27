"""Adversarial twins of killers162's drift classes: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- symbol drift's first ``__init__`` through ``super()`` (#27616 ``InductorStandaloneAdaptor.__init__(save_format)``
  where the constructor was ``object``'s; #20466 ``AttentionMetadataBuilder.__init__(kv_cache_spec, vllm_config,
  device)``; #14661 ``StatLoggerBase.__init__(vllm_config, engine_index=0)``; #19636
  ``FusedMoEPermuteExpertsUnpermute.__init__(quant_config)``): the old spelling in the ``except TypeError`` of a
  ``try`` of the new one, under a test of the signature, a subclass handing on ``*args, **kwargs``, a fork base of
  its own taking the call, the new spelling;
- early hooks (#35216 ``VllmBackend.configure_post_pass`` now called from the constructor; #11737
  ``AsyncLLM._run_output_handler`` started from the constructor): the override returning early on a readiness
  flag the fork sets before ``super().__init__()``, a class-level default from a fork mixin of another module, a
  test of ``self.__dict__``, ``contextlib.suppress(AttributeError)``, a class-level default of its own, a read in
  a callback the override builds, ``getattr`` with a default;
- switched clocks (#34912 the compile clocks moved from ``time.time()`` to ``time.perf_counter()``; #11081
  ``forward_context.last_logging_time`` stamped from a ``perf_counter`` local where it was ``time.monotonic()``):
  a test of the stamp's magnitude (the epoch clock only for an epoch stamp), ``timeit.default_timer``, the new
  clock imported under another name, a store with the new clock, a fork stats object's namesake field, the new
  clock for #11081;
- dict elements (#35921 ``CompilerManager.cache``'s values made ``{"graph_handle", "cache_key"}`` dicts; #21668
  ``Glm4MoeModelToolParser.prev_tool_call_arr[i]`` stored as a dict display): the tuple unpacking under
  ``isinstance(entry, tuple)``, a positional index in a ``try`` whose ``except KeyError`` reads the key, a
  conditional expression on the value's type, the handle read by key then unpacked, a fork manager storing its
  own tuples, a parameter annotated with the fork's namesake class, a ``match`` on the value's shape, an unpacking
  of a slice of a list container, a tuple built of keyed reads.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (ec396aa8), round 1 (4 cases, 29 twins): 4 caught of 4 (#11081's message names the new clock
``time.?()``: upstream stamps through a local); 11 false errors of 29 (1 warned: the old spelling under a test of
the signature): symbol drift's first ``__init__`` on the old spelling in the ``except TypeError`` of a try of the
new one (#27616, #19636: 2); early hooks on a read after an early return on a readiness flag set before
``super().__init__()`` (#35216, #11737: 2), on a class-level default from a fork mixin of another module (1), on a
read under a test of ``self.__dict__`` (1); switched clocks on the epoch clock under a test of the stamp's
magnitude (1); dict elements on an unpacking under ``isinstance(entry, tuple)`` (1), on an index in a ``try``
whose ``except KeyError`` reads the key (1), on an index in the branch of a conditional expression on the
value's type (1), on an unpacking of a slice of a list container (#21668: 1).
Round 2 (another commit and more spellings): #20466 (76b494444f, ``AttentionMetadataBuilder`` given a first
constructor: a fork builder's ``super().__init__()``, a case; the new spelling by keyword, a twin), #35216's
read under a test of a mode set only before ``super().__init__()`` (a case: no readiness flag), a read and-ed
after a class-level readiness flag, ``**kwargs`` handed on, the unpacked value chosen by a conditional
expression on its type, a loop skipping values not of the old shape (``if not isinstance(h, tuple): continue``).
All rounds, main (ec396aa8): 6 caught of 6; 13 false errors of 34 twins (1 warned) -- round 1's 11, and the
loop skipping the other shape and the and-ed readiness flag.
This branch: 6 caught of 6 (#11081 now names ``time.perf_counter()``); 0 false errors of 34 (3 warned: the old
spelling of a first constructor in the ``except TypeError`` of a try of the new one (#27616, #19636) or under a
test of the signature, as a bare build's are).  The mends, each by the rule that makes the fork code right:
symbol drift's first ``__init__`` through ``super()`` goes through ``_guarded`` (a fallback is a warning); early
hooks are quiet on a read under a test of a readiness flag the fork binds before the base constructs and turns
below the super call, or of the attribute named in a string (``self.__dict__``), and on a fork class listing a
base of another module besides upstream's; switched clocks read a stamp taken from a local through its clock,
take no stamp from anything else as a switch, and are quiet under a comparison of the stamp with an epoch-sized
bound; dict elements are quiet under a test of the element's type, on an index in a ``try`` catching KeyError,
and on a slice of a list container.

  PYTHONPATH=.. python review73_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- cac4c10ef0 (#27616): InductorStandaloneAdaptor, constructor object's, given __init__(self, save_format)
SF = ("#27616", "cac4c10ef0", "InductorStandaloneAdaptor given a required save_format")
CI = "import inspect\n\nfrom vllm.compilation.compiler_interface import InductorStandaloneAdaptor\n\n\n"
TWINS += [
    (
        "#27616 first __init__ via super()",
        "twin: the old spelling in the except TypeError of a try of the new one",
        K(
            *SF,
            "vllm/aeon/r73sf1.py",
            CI + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            "    def __init__(self, aeon_tag: str) -> None:\n"
            "        try:\n"
            '            super().__init__("binary")  # AEON: upstreams that take the save format\n'
            "        except TypeError:\n"
            "            super().__init__()  # AEON: older upstreams\n"
            "        self.aeon_tag = aeon_tag\n",
            "            super().__init__()  # AEON: older upstreams",
        ),
    ),
    (
        "#27616 first __init__ via super()",
        "twin: the old spelling under a test of the signature",
        K(
            *SF,
            "vllm/aeon/r73sf2.py",
            CI + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            "    def __init__(self, aeon_tag: str) -> None:\n"
            '        if "save_format" in inspect.signature(InductorStandaloneAdaptor.__init__).parameters:\n'
            '            super().__init__("binary")\n'
            "        else:\n"
            "            super().__init__()  # AEON: the constructor was object's\n"
            "        self.aeon_tag = aeon_tag\n",
            "            super().__init__()  # AEON: the constructor was object's",
        ),
    ),
    (
        "#27616 first __init__ via super()",
        "twin: a subclass handing on *args, **kwargs",
        K(
            *SF,
            "vllm/aeon/r73sf3.py",
            CI + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            "    def __init__(self, *args, aeon_tag: str = 'spark', **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_tag = aeon_tag\n",
            "        super().__init__(*args, **kwargs)",
        ),
    ),
    (
        "#27616 first __init__ via super()",
        "twin: a fork base of its own takes the call",
        K(
            *SF,
            "vllm/aeon/r73sf4.py",
            CI + "class AeonAdaptorBase(InductorStandaloneAdaptor):\n"
            '    def __init__(self, save_format: str = "binary") -> None:  # AEON: one default for the fleet\n'
            "        InductorStandaloneAdaptor.__init__(self, save_format)\n\n\n"
            "class AeonStandaloneAdaptor(AeonAdaptorBase):\n"
            "    def __init__(self, aeon_tag: str) -> None:\n"
            "        super().__init__()\n"
            "        self.aeon_tag = aeon_tag\n",
            "        super().__init__()",
        ),
    ),
    (
        "#27616 first __init__ via super()",
        "twin: the new spelling by keyword",
        K(
            *SF,
            "vllm/aeon/r73sf5.py",
            CI + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            "    def __init__(self, aeon_tag: str) -> None:\n"
            '        super().__init__(save_format="unpacked")  # AEON: the Spark inspects the artifacts\n'
            "        self.aeon_tag = aeon_tag\n",
            '        super().__init__(save_format="unpacked")  # AEON: the Spark inspects the artifacts',
        ),
    ),
]

# --- 53e8cf53a4 (#14661): StatLoggerBase (constructor object's) given __init__(self, vllm_config, engine_index=0)
SL = ("#14661", "53e8cf53a4", "StatLoggerBase given an abstract __init__(vllm_config, engine_index=0)")
SLH = "from vllm.config import VllmConfig\nfrom vllm.v1.metrics.loggers import StatLoggerBase\n\n\n"
CASES += [
    (
        "#14661 first __init__ via super()",
        "a fork stat logger's super().__init__()",
        K(
            *SL,
            "vllm/aeon/r73sl1.py",
            SLH + "class AeonSparkLogger(StatLoggerBase):\n"
            "    def __init__(self, vllm_config: VllmConfig) -> None:\n"
            "        super().__init__()\n"
            "        self.aeon_records = 0\n\n"
            "    def record(self, scheduler_stats, iteration_stats) -> None:  # type: ignore[no-untyped-def]\n"
            "        self.aeon_records += 1\n",
            "        super().__init__()",
        ),
    ),
]
TWINS += [
    (
        "#14661 first __init__ via super()",
        "twin: the new spelling, handing on the config and the index",
        K(
            *SL,
            "vllm/aeon/r73sl2.py",
            SLH + "class AeonSparkLogger(StatLoggerBase):\n"
            "    def __init__(self, vllm_config: VllmConfig, engine_index: int = 0) -> None:\n"
            "        super().__init__(vllm_config, engine_index)\n"
            "        self.aeon_records = 0\n\n"
            "    def record(self, scheduler_stats, iteration_stats) -> None:  # type: ignore[no-untyped-def]\n"
            "        self.aeon_records += 1\n",
            "        super().__init__(vllm_config, engine_index)",
        ),
    ),
]

# --- c1909e7e8c (#19636): FusedMoEPermuteExpertsUnpermute (constructor object's) given __init__(quant_config)
EX = ("#19636", "c1909e7e8c", "FusedMoEPermuteExpertsUnpermute given __init__(quant_config)")
EXH = "import vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
CASES += [
    (
        "#19636 first __init__ via super()",
        "a fork experts class's super().__init__()",
        K(
            *EX,
            "vllm/aeon/r73ex1.py",
            EXH + "class AeonNvfp4Experts(mk.FusedMoEPermuteExpertsUnpermute):\n"
            "    def __init__(self, block_k: int) -> None:\n"
            "        super().__init__()\n"
            "        self.aeon_block_k = block_k  # AEON: the Spark's NVFP4 grouped GEMM tile\n",
            "        super().__init__()",
        ),
    ),
]
TWINS += [
    (
        "#19636 first __init__ via super()",
        "twin: the try of the new spelling, the old one in its except TypeError",
        K(
            *EX,
            "vllm/aeon/r73ex2.py",
            EXH + "class AeonNvfp4Experts(mk.FusedMoEPermuteExpertsUnpermute):\n"
            "    def __init__(self, block_k: int) -> None:\n"
            "        try:\n"
            "            super().__init__(None)\n"
            "        except TypeError:  # AEON: upstreams before the quant config moved in\n"
            "            super().__init__()\n"
            "        self.aeon_block_k = block_k\n",
            "            super().__init__()",
        ),
    ),
]

# --- 12fd17eb51 (#35216): VllmBackend.configure_post_pass called from the constructor
PP = ("#35216", "12fd17eb51", "configure_post_pass moved into VllmBackend.__init__")
PPH = (
    "import contextlib\n\n"
    "from vllm.compilation.backends import VllmBackend\n"
    "from vllm.compilation.passes.inductor_pass import InductorPass\n"
    "from vllm.config import VllmConfig\n\n\n"
)
INIT = (
    '    def __init__(self, vllm_config: VllmConfig, fusion: InductorPass, prefix: str = "") -> None:\n'
    "        super().__init__(vllm_config, prefix)\n"
    "        self.aeon_fusion = fusion\n\n"
)
TWINS += [
    (
        "#35216 hook called from the constructor",
        "twin: the override returns early until a flag set before super().__init__() turns",
        K(
            *PP,
            "vllm/aeon/r73pp1.py",
            PPH + "class AeonBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config: VllmConfig, fusion: InductorPass, prefix: str = "") -> None:\n'
            "        self._aeon_ready = False  # AEON: the base's constructor runs configure_post_pass\n"
            "        super().__init__(vllm_config, prefix)\n"
            "        self.aeon_fusion = fusion\n"
            "        self._aeon_ready = True\n"
            "        self.pass_manager.add(fusion)\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        if not self._aeon_ready:\n"
            "            return\n"
            "        self.pass_manager.add(self.aeon_fusion)\n",
            "        self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: a class-level default from a fork mixin of another module",
        Killer(
            *PP,
            (
                Edit(
                    "vllm/aeon/r73mixin.py",
                    "from vllm.compilation.passes.inductor_pass import InductorPass\n\n\n"
                    "class AeonFusionMixin:\n"
                    "    aeon_fusion: InductorPass | None = None  # AEON: read before the backend's own __init__ ends\n",
                ),
                Edit(
                    "vllm/aeon/r73pp2.py",
                    PPH + "from vllm.aeon.r73mixin import AeonFusionMixin\n\n\n"
                    "class AeonBackend(VllmBackend, AeonFusionMixin):\n"
                    + INIT
                    + "    def configure_post_pass(self) -> None:\n"
                    "        super().configure_post_pass()\n"
                    "        if self.aeon_fusion is not None:\n"
                    "            self.pass_manager.add(self.aeon_fusion)\n",
                ),
            ),
            (("vllm/aeon/r73pp2.py", "        if self.aeon_fusion is not None:"),),
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: a test of self.__dict__ before the read",
        K(
            *PP,
            "vllm/aeon/r73pp3.py",
            PPH + "class AeonBackend(VllmBackend):\n" + INIT + "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            '        if "aeon_fusion" in self.__dict__:  # AEON: unset while the base constructs\n'
            "            self.pass_manager.add(self.aeon_fusion)\n",
            "            self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: the read under contextlib.suppress(AttributeError)",
        K(
            *PP,
            "vllm/aeon/r73pp4.py",
            PPH + "class AeonBackend(VllmBackend):\n" + INIT + "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        with contextlib.suppress(AttributeError):  # AEON: unset while the base constructs\n"
            "            self.pass_manager.add(self.aeon_fusion)\n",
            "            self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: a class-level default of its own",
        K(
            *PP,
            "vllm/aeon/r73pp5.py",
            PPH + "class AeonBackend(VllmBackend):\n"
            "    aeon_fusion: InductorPass | None = None\n\n" + INIT + "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        if self.aeon_fusion is not None:\n"
            "            self.pass_manager.add(self.aeon_fusion)\n",
            "        if self.aeon_fusion is not None:",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: the read in a callback the override builds",
        K(
            *PP,
            "vllm/aeon/r73pp6.py",
            PPH + "class AeonBackend(VllmBackend):\n" + INIT + "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n\n"
            "        def add_fusion() -> None:\n"
            "            self.pass_manager.add(self.aeon_fusion)\n\n"
            "        self._aeon_pending = add_fusion  # AEON: run by the fork's compile entry\n",
            "            self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: getattr with a default",
        K(
            *PP,
            "vllm/aeon/r73pp7.py",
            PPH + "class AeonBackend(VllmBackend):\n" + INIT + "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            '        fusion = getattr(self, "aeon_fusion", None)\n'
            "        if fusion is not None:\n"
            "            self.pass_manager.add(self.aeon_fusion)\n",
            "            self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
]

# --- 2b05b8ce69 (#11737): AsyncLLM's output handler started from the constructor (in an event loop)
OH = ("#11737", "2b05b8ce69", "AsyncLLM._run_output_handler called from __init__")
OHH = "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
CASES += [
    (
        "#11737 hook called from the constructor",
        "an override reading an attribute set after super().__init__()",
        K(
            *OH,
            "vllm/aeon/r73oh1.py",
            OHH + "class AeonAsyncLLM(AsyncLLM):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_taps: list = []  # AEON: the Spark's output taps\n\n"
            "    def _run_output_handler(self) -> None:\n"
            "        for tap in self.aeon_taps:\n"
            "            tap.start()\n"
            "        super()._run_output_handler()\n",
            "        for tap in self.aeon_taps:",
        ),
    ),
]
TWINS += [
    (
        "#11737 hook called from the constructor",
        "twin: a readiness flag set before super().__init__()",
        K(
            *OH,
            "vllm/aeon/r73oh2.py",
            OHH + "class AeonAsyncLLM(AsyncLLM):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        self._aeon_started = False\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_taps: list = []\n"
            "        self._aeon_started = True\n\n"
            "    def _run_output_handler(self) -> None:\n"
            "        if self._aeon_started:  # AEON: the taps exist once our constructor ran\n"
            "            for tap in self.aeon_taps:\n"
            "                tap.start()\n"
            "        super()._run_output_handler()\n",
            "            for tap in self.aeon_taps:",
        ),
    ),
]

# --- f863994084 (#34912): the compile clocks moved from time.time() to time.perf_counter()
TC = ("#34912", "f863994084", "torch_compile_start_time/compilation_start_time from time.perf_counter()")
TCH = "import time\n\nfrom vllm.compilation import monitor\n\n\n"
TWINS += [
    (
        "#34912 clock changed",
        "twin: the epoch clock only under a test that the stamp is an epoch one",
        K(
            *TC,
            "vllm/aeon/r73tc1.py",
            TCH + "def aeon_compile_seconds() -> float:\n"
            "    start = monitor.torch_compile_start_time\n"
            "    if monitor.torch_compile_start_time > 1e9:  # AEON: upstreams stamping the epoch\n"
            "        return time.time() - monitor.torch_compile_start_time\n"
            "    return time.perf_counter() - start\n",
            "        return time.time() - monitor.torch_compile_start_time",
        ),
    ),
    (
        "#34912 clock changed",
        "twin: timeit.default_timer",
        K(
            *TC,
            "vllm/aeon/r73tc2.py",
            "import timeit\n\nfrom vllm.compilation import monitor\n\n\n"
            "def aeon_compile_seconds() -> float:\n"
            "    return timeit.default_timer() - monitor.torch_compile_start_time\n",
            "    return timeit.default_timer() - monitor.torch_compile_start_time",
        ),
    ),
    (
        "#34912 clock changed",
        "twin: the new clock imported under another name",
        K(
            *TC,
            "vllm/aeon/r73tc3.py",
            "from time import perf_counter as aeon_now\n\nimport vllm.compilation.backends as cb\n\n\n"
            "def aeon_graph_seconds() -> float:\n"
            "    now = aeon_now()\n"
            "    return now - cb.compilation_start_time\n",
            "    return now - cb.compilation_start_time",
        ),
    ),
    (
        "#34912 clock changed",
        "twin: a store with the new clock",
        K(
            *TC,
            "vllm/aeon/r73tc4.py",
            TCH + "def aeon_restart_clock() -> None:\n"
            "    monitor.torch_compile_start_time = time.perf_counter()  # AEON: the warm-start recompiles\n",
            "    monitor.torch_compile_start_time = time.perf_counter()  # AEON: the warm-start recompiles",
        ),
    ),
    (
        "#34912 clock changed",
        "twin: a fork stats object's field of the same name",
        K(
            *TC,
            "vllm/aeon/r73tc5.py",
            TCH + "class AeonCompileStats:\n"
            "    def __init__(self) -> None:\n"
            "        self.torch_compile_start_time = time.time()\n\n"
            "    def seconds(self) -> float:\n"
            "        return time.time() - self.torch_compile_start_time\n\n\n"
            "def aeon_compiling() -> bool:\n"
            "    return monitor.torch_compile_start_time > 0\n",
            "        return time.time() - self.torch_compile_start_time",
        ),
    ),
]

# --- a1c02058ba (#11081): forward_context.last_logging_time stamped from a perf_counter local, was monotonic
LL = ("#11081", "a1c02058ba", "last_logging_time = now (time.perf_counter()), was time.monotonic()")
LLH = "import time\n\nfrom vllm import forward_context\n\n\n"
CASES += [
    (
        "#11081 clock changed",
        "a monotonic subtraction of the logging stamp",
        K(
            *LL,
            "vllm/aeon/r73ll1.py",
            LLH + "def aeon_log_due(interval: float) -> bool:\n"
            "    return time.monotonic() - forward_context.last_logging_time > interval\n",
            "    return time.monotonic() - forward_context.last_logging_time > interval",
        ),
    ),
]
TWINS += [
    (
        "#11081 clock changed",
        "twin: the new clock",
        K(
            *LL,
            "vllm/aeon/r73ll2.py",
            LLH + "def aeon_log_due(interval: float) -> bool:\n"
            "    return time.perf_counter() - forward_context.last_logging_time > interval\n",
            "    return time.perf_counter() - forward_context.last_logging_time > interval",
        ),
    ),
]

# --- dd6dbd93f8 (#35921): CompilerManager.cache values a {"graph_handle", "cache_key"} dict, not the handle
CK = ("#35921", "dd6dbd93f8", "CompilerManager.cache values made dicts")
CM = "from vllm.compilation.backends import CompilerManager\nfrom vllm.config.utils import Range\n\n\n"
GET = "        entry = self.cache.get((compile_range, graph_index, self.compiler.name))\n"
SUB = "class AeonCompilerManager(CompilerManager):\n    def aeon_artifact_path(self, compile_range: Range, graph_index: int):  # type: ignore[no-untyped-def]\n"
TWINS += [
    (
        "#35921 value shape changed",
        "twin: the tuple unpacking under isinstance(entry, tuple)",
        K(
            *CK,
            "vllm/aeon/r73ck1.py",
            CM + SUB + GET + "        if isinstance(entry, tuple):  # AEON: upstreams keeping the bare handle\n"
            "            _key, path = entry\n"
            "        elif entry is not None:\n"
            '            _key, path = entry["graph_handle"]\n'
            "        else:\n"
            "            return None\n"
            "        return path\n",
            "            _key, path = entry",
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: a positional index in a try whose except KeyError reads the key",
        K(
            *CK,
            "vllm/aeon/r73ck2.py",
            CM + SUB + GET + "        if entry is None:\n"
            "            return None\n"
            "        try:\n"
            "            return entry[1]\n"
            "        except KeyError:  # AEON: upstreams keeping a dict per graph\n"
            '            return entry["graph_handle"][1]\n',
            "            return entry[1]",
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: a conditional expression on the value's type",
        K(
            *CK,
            "vllm/aeon/r73ck3.py",
            CM + "def aeon_artifact_paths(manager: CompilerManager) -> list[str]:\n"
            "    return [\n"
            '        handle["graph_handle"][1] if isinstance(handle, dict) else handle[1]\n'
            "        for handle in manager.cache.values()\n"
            "    ]\n",
            '        handle["graph_handle"][1] if isinstance(handle, dict) else handle[1]',
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: the handle read by key, then unpacked",
        K(
            *CK,
            "vllm/aeon/r73ck4.py",
            CM + SUB + GET + "        if entry is None:\n"
            "            return None\n"
            '        handle = entry["graph_handle"]\n'
            "        _key, path = handle\n"
            "        return path\n",
            "        _key, path = handle",
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: a fork manager storing its own tuples",
        K(
            *CK,
            "vllm/aeon/r73ck5.py",
            CM + "class AeonCompilerManager(CompilerManager):\n"
            "    def aeon_remember(self, compile_range: Range, graph_index: int, key: str, path: str) -> None:\n"
            "        self.cache[(compile_range, graph_index, self.compiler.name)] = (key, path)  # AEON: prefetched\n\n"
            "    def aeon_artifact_path(self, compile_range: Range, graph_index: int):  # type: ignore[no-untyped-def]\n"
            + GET
            + "        _key, path = entry\n"
            "        return path\n",
            "        _key, path = entry",
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: a parameter annotated with the fork's namesake class",
        K(
            *CK,
            "vllm/aeon/r73ck6.py",
            "class CompilerManager:  # AEON: the warm-start's own table of (key, path) handles\n"
            "    def __init__(self) -> None:\n"
            "        self.cache: dict[str, tuple[str, str]] = {}\n\n\n"
            "def aeon_paths(manager: CompilerManager) -> list[str]:\n"
            "    return [handle[1] for handle in manager.cache.values()]\n",
            "    return [handle[1] for handle in manager.cache.values()]",
        ),
    ),
]

# --- 93269bb43e (#21668): Glm4MoeModelToolParser.prev_tool_call_arr[i] stored as a {"name", "arguments"} display
GL = ("#21668", "93269bb43e", "prev_tool_call_arr[i] stored as a dict display")
GLH = "from vllm.entrypoints.openai.tool_parsers.glm4_moe_tool_parser import Glm4MoeModelToolParser\n\n\n"
TWINS += [
    (
        "#21668 value shape changed",
        "twin: an unpacking of a slice of the list",
        K(
            *GL,
            "vllm/aeon/r73gl1.py",
            GLH + "class AeonGlmToolParser(Glm4MoeModelToolParser):\n"
            "    def aeon_last_two(self) -> tuple[dict, dict]:\n"
            "        previous, last = self.prev_tool_call_arr[-2:]  # AEON: the Spark's repeat-call guard\n"
            "        return previous, last\n",
            "        previous, last = self.prev_tool_call_arr[-2:]  # AEON: the Spark's repeat-call guard",
        ),
    ),
    (
        "#21668 value shape changed",
        "twin: a tuple built of keyed reads",
        K(
            *GL,
            "vllm/aeon/r73gl2.py",
            GLH + "class AeonGlmToolParser(Glm4MoeModelToolParser):\n"
            "    def aeon_call(self, index: int) -> tuple[str, str]:\n"
            "        call = self.prev_tool_call_arr[index]\n"
            '        name, arguments = call["name"], call["arguments"]\n'
            "        return name, arguments\n",
            '        name, arguments = call["name"], call["arguments"]',
        ),
    ),
]


# --- round 2: another commit of the first constructor, and more spellings of the same commits
AB = ("#20466", "76b494444f", "AttentionMetadataBuilder given an abstract __init__(kv_cache_spec, vllm_config, device)")
ABH = "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n\n\n"
CASES += [
    (
        "#20466 first __init__ via super()",
        "a fork builder's super().__init__()",
        K(
            *AB,
            "vllm/aeon/r73ab1.py",
            ABH + "class AeonSparkMetadataBuilder(AttentionMetadataBuilder):\n"
            "    def __init__(self, runner, kv_cache_spec, block_table) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__()\n"
            "        self.aeon_runner = runner  # AEON: the Spark's NVFP4 decode metadata\n\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):  # type: ignore[no-untyped-def]\n"
            "        return None\n",
            "        super().__init__()",
        ),
    ),
]
TWINS += [
    (
        "#20466 first __init__ via super()",
        "twin: the new spelling by keyword",
        K(
            *AB,
            "vllm/aeon/r73ab2.py",
            ABH + "class AeonSparkMetadataBuilder(AttentionMetadataBuilder):\n"
            "    def __init__(self, kv_cache_spec, vllm_config, device) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(kv_cache_spec=kv_cache_spec, vllm_config=vllm_config, device=device)\n\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):  # type: ignore[no-untyped-def]\n"
            "        return None\n",
            "        super().__init__(kv_cache_spec=kv_cache_spec, vllm_config=vllm_config, device=device)",
        ),
    ),
    (
        "#27616 first __init__ via super()",
        "twin: a subclass handing on **kwargs alone",
        K(
            *SF,
            "vllm/aeon/r73sf6.py",
            CI + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            "    def __init__(self, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(**kwargs)  # AEON: the factory passes save_format by name\n",
            "        super().__init__(**kwargs)  # AEON: the factory passes save_format by name",
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: the unpacked value chosen by a conditional expression on its type",
        K(
            *CK,
            "vllm/aeon/r73ck7.py",
            CM + SUB + GET + "        if entry is None:\n"
            "            return None\n"
            '        _key, path = entry if isinstance(entry, tuple) else entry["graph_handle"]\n'
            "        return path\n",
            '        _key, path = entry if isinstance(entry, tuple) else entry["graph_handle"]',
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: a loop skipping values not of the old shape",
        K(
            *CK,
            "vllm/aeon/r73ck8.py",
            CM + "def aeon_artifact_paths(manager: CompilerManager) -> list[str]:\n"
            "    paths = []\n"
            "    for handle in manager.cache.values():\n"
            "        if not isinstance(handle, tuple):  # AEON: a dict per graph on newer upstreams\n"
            '            paths.append(handle["graph_handle"][1])\n'
            "            continue\n"
            "        _key, path = handle\n"
            "        paths.append(path)\n"
            "    return paths\n",
            "        _key, path = handle",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: the read and-ed after a readiness flag (a class-level default)",
        K(
            *PP,
            "vllm/aeon/r73pp8.py",
            PPH + "class AeonBackend(VllmBackend):\n"
            "    _aeon_ready = False\n\n"
            + INIT.replace(
                "        self.aeon_fusion = fusion\n",
                "        self.aeon_fusion = fusion\n        self._aeon_ready = True\n",
            )
            + "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        if self._aeon_ready and self.aeon_fusion is not None:\n"
            "            self.pass_manager.add(self.aeon_fusion)\n",
            "        if self._aeon_ready and self.aeon_fusion is not None:",
        ),
    ),
]
CASES += [
    (
        "#35216 hook called from the constructor",
        "a test of a mode set before super().__init__(), the read under it",
        K(
            *PP,
            "vllm/aeon/r73pp9.py",
            PPH + "class AeonBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config: VllmConfig, fusion: InductorPass, fuse: bool, prefix: str = "") -> None:\n'
            "        self._aeon_fuse = fuse\n"
            "        super().__init__(vllm_config, prefix)\n"
            "        self.aeon_fusion = fusion\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        if self._aeon_fuse:\n"
            "            self.pass_manager.add(self.aeon_fusion)\n",
            "            self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review73-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
