"""Adversarial twins of killers228's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a call compared whole with an ``Enum.MEMBER`` no path of it returns now (``drift/tuple_values.py``, an error;
  #43223, edafea3555: ``get_routing_method_type`` answers ``RenormalizeNaive`` for softmax + renormalize): a test
  that the old answer is gone (``!=``, ``is not``), the fork's own function of the name, a method of the name on
  the fork's own router object, two calls taking the old member or the new one, a test patching the helper, the
  unchanged sigmoid branch with the member first;
- a store on what a builder returned, of a name upstream made a read-only property (``drift/read_only.py``, an
  error; #34542, 1976356ee6: ``FusedMoEQuantConfig.weight_quant_dtype``): the fork's builder returning a fresh
  object of its own class, the fork's subclass redefining the name as a settable property, a union return with
  the fork's own holder, a factory returning a callable (``-> Callable[[], FusedMoEQuantConfig]``), the name
  rebound to the fork's own wrapper, the store under ``try/except AttributeError``, the builder's name a
  parameter of the fork's function, a builder returning a class (``-> type[FusedMoEQuantConfig]``) whose class
  attribute the fork sets;
- a hook call on a ``self`` field typed by the annotated parameter stored in it (``drift/new_hooks.py``, then
  symbol drift's shadowed-hook and misfit errors; #19642, 33d51f599e: the kernel's
  ``self.fused_experts.enable_chunking()``): the name on a prepare/finalize subclass (the other stored
  parameter), a class attribute of the name on a kernel subclass (the holder), the fork's own class of the name,
  ``enable_chunking`` with a defaulted flag or ``*args`` (fits the call: the namesake warning), a kernel
  subclass storing the fork's own wrapper in the field.

No other real commit of these shapes was found unused (a first-parent scan of the last 4000 commits for removed
``return Enum.MEMBER`` lines and for added ``self.field.hook()`` calls of a def the same commit adds: the one
removed-member commit left, a50e675b0d, splits a branch and keeps the member; 2a2b5ca791's ``on_schedule_end``
is called on an annotated field, not a stored parameter).  The new_hooks widening reads upstream's tree only, so
a fork carry cannot make its field hold another value: the twin the author asked for (another method storing
something else in the field) is a unit test (``tests/audits/test_shadowed_hooks.py``).  Every error on a twin's
line is a false one (a warning is counted apart).

Round 1 (killers228 at e04aaab4, the file as first written, 6 cases and 21 twins): 6 caught of 6; 6 false errors
of 21 twins (3 warned: the namesake warnings of ``enable_chunking`` that fits the call).  Two are
tuple_values': ``assert get_routing_method_type(...) != RoutingMethodType.Renormalize`` (a test that the old
answer is gone: it holds on every path; ``is not`` was quiet only because the file gate reads no ``is not``), and
``router.get_routing_method_type() == ...`` off a parameter (an object's method, read as upstream's module-level
function).  Four are read_only's: a factory ``-> Callable[[], FusedMoEQuantConfig]`` and a builder ``->
type[FusedMoEQuantConfig]`` (the generic's parameter read as the value's class), the name rebound to the fork's
own wrapper (a second call, typed by both), the builder's name a parameter of the function (the module's import
assumed).  The new_hooks widening's twins held.
Round 2 (this branch): ``read_only._builder`` types a name by a builder's return only when its one binding in the
function is ``name = f(...)``, ``f`` a bare name the function does not bind itself (a parameter, a local, a
local import or def), and ``read_only._value_classes`` reads only the classes a value of the annotation is
(``X``, ``"X"``, ``X | None``, ``Optional[X]``, ``Union[X, Y]``), never a generic's parameters;
``tuple_values._asserted_unlike`` leaves a comparison an ``assert`` makes (its test or an operand of its ``and``)
with unlike operators only (``!=``, ``is not``, ``not in``), for the bound name too, and ``_off_object`` with
``unreturned_whole(off_object=)`` leaves ``obj.f(...)`` off a name the fork file does not import where every
upstream def of ``f`` is a module-level function; ``new_hooks._stored_parameter_types`` types no field a method
of the class stores anything else in (a call's value, an unannotated parameter, a local, an unpacked element;
None and another annotated parameter still type it: the author's twin, as a unit test).  Unit tests that failed
before: test_returned_receivers ``a factory's callable``/``a class returned``/``rebound to another
call``/``a parameter``/``a local import``, test_unreturned_members ``!=``/``not in``/``off an object``,
test_shadowed_hooks ``a call``/``an unannotated parameter``/``unpacked``.
Round 3 (written after the mends, cases they must not swallow): an unlike negated in a test (``assert not f(...)
!= OLD``), the function called off its imported module (``fmc.get_routing_method_type(...)``), the fork's builder
returning ``Optional[FusedMoEQuantConfig]`` with the store under a None test, a store where another function
takes a parameter of the builder's name, an annotated class attribute ``enable_chunking: bool = False`` on an
experts subclass: all caught, on e04aaab4 and on this branch.  The whole file at e04aaab4 (``AEON_SRC``): 11
caught of 11; 6 false errors of 21 (3 warned).  This branch: 11 caught of 11; 0 false errors of 21 twins (3
warned).
Cost (drift_speed's 150-commit window, CHECKS narrowed to the touched checks, 5 audits' medians, the machine
shared): tuple_value_drift 1 ms (e04aaab4 1 ms), read_only_drift 4-6 ms (e04aaab4 6 ms), symbol_drift (holding
new_hooks' field typing) 1.6-2.6 s (e04aaab4 2.3 s): within the noise; the mends only read what the widenings
already parsed (the function's own nodes, the fork file's imports).
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_fmconfig 17/17 (12 quiet, 1 warned), blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11
quiet, 2 warned), blind_replay_mxoracle 23/23 (14 quiet), blind_replay_platcuda2 13 caught, 5 warned of 18 (10
quiet, 3 warned), blind_replay_cfgmodel 21 caught, 1 warned of 22 (10 quiet), blind_replay_platiface 23/23 (12
quiet, 2 warned), blind_replay_fwdctx 19/19 (12 quiet), blind_replay_asyncllm 19 caught, 1 warned of 20 (13
quiet, 2 warned), blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_toolparsers
18/18 (12 quiet, 1 warned), blind_replay_toolparsers2 20/20 (10 quiet, 1 warned), review130_twins 9 caught, 1
warned of 10 (0 false of 38, 4 warned), review119_twins 5/5 (0 false of 28, 6 warned), review117_twins 8 caught,
7 warned of 15 (0 false of 38, 14 warned), review104_twins 5 caught, 1 warned of 6 (0 false of 27, 18 warned),
review98_twins 14/14 (0 false of 36, 6 warned), review93_twins 16 caught, 1 warned of 17 (0 false of 42, 5
warned), review90_twins 8/8 (0 false of 30, 7 warned), review31_twins 5 caught, 1 warned of 6 (0 false of 41, 1
warned), review26_twins 9/9 (0 false of 36): each as recorded; ``symbol_precision.py --windows 1``: 0 false
errors (window 0: 5 broken overrides, 4 caught, 8 warnings, as recorded).

  PYTHONPATH=.. python review132_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MK = "vllm.model_executor.layers.fused_moe.modular_kernel"
CF = "vllm.model_executor.layers.fused_moe.config"

# --- #43223 (edafea3555): get_routing_method_type("softmax", renormalize=True) answers RenormalizeNaive; no path
# returns Renormalize now (drift/tuple_values.py: a call compared whole with an Enum.MEMBER, killers228)
RM = ("#43223", "edafea3555", "get_routing_method_type returns RenormalizeNaive (not Renormalize)")
RMH = f"from {CF} import RoutingMethodType, get_routing_method_type\n\n\n"
GRT = 'get_routing_method_type("softmax", 8, True, None, False)'


def _rm(name: str, body: str, line: str, head: str = RMH) -> Killer:
    return K(*RM, f"vllm/aeon/r132{name}.py", head + body, line)


CASES += [
    (
        "#43223 call compared whole",
        "a dispatch testing the call itself with `is`",
        _rm(
            "rm0",
            "def aeon_router_kernel(scoring_func: str, top_k: int, renormalize: bool) -> str:\n"
            "    # AEON: the Spark's fused renormalize router\n"
            "    if get_routing_method_type(scoring_func, top_k, renormalize, None, False) is RoutingMethodType.Renormalize:\n"
            '        return "aeon_fused_renorm"\n'
            '    return "generic"\n',
            "if get_routing_method_type(scoring_func, top_k, renormalize, None, False) is RoutingMethodType.Renormalize:",
        ),
    ),
    (
        "#43223 call compared whole",
        "the member first, in a conditional expression",
        _rm(
            "rm00",
            "def aeon_router_kernel2(scoring_func: str, top_k: int) -> str:\n"
            "    return (\n"
            '        "aeon_fused_renorm"\n'
            "        if RoutingMethodType.Renormalize == get_routing_method_type(scoring_func, top_k, True, None, False)\n"
            '        else "generic"\n'
            "    )\n",
            "if RoutingMethodType.Renormalize == get_routing_method_type(scoring_func, top_k, True, None, False)",
        ),
    ),
]
CASES += [
    (
        "#43223 call compared whole",
        "round 3: an unlike negated in a test (the old equal)",
        _rm(
            "rm8",
            f"def test_aeon_softmax_renormalize8():\n    assert not {GRT} != RoutingMethodType.Renormalize\n",
            f"assert not {GRT} != RoutingMethodType.Renormalize",
        ),
    ),
    (
        "#43223 call compared whole",
        "round 3: the function called off its imported module",
        _rm(
            "rm9",
            "def aeon_router_kernel9(scoring_func: str, top_k: int) -> str:\n"
            "    if fmc.get_routing_method_type(scoring_func, top_k, True, None, False) == RoutingMethodType.Renormalize:\n"
            '        return "aeon_fused_renorm"\n'
            '    return "generic"\n',
            "if fmc.get_routing_method_type(scoring_func, top_k, True, None, False) == RoutingMethodType.Renormalize:",
            head=f"import vllm.model_executor.layers.fused_moe.config as fmc\nfrom {CF} import RoutingMethodType\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#43223 call compared whole",
        "twin: a test that the old answer is gone (`!=`, holds now)",
        _rm(
            "rm1",
            f"def test_aeon_softmax_not_renormalize():\n    assert {GRT} != RoutingMethodType.Renormalize\n",
            f"assert {GRT} != RoutingMethodType.Renormalize",
        ),
    ),
    (
        "#43223 call compared whole",
        "twin: a test that the old answer is gone (`is not`)",
        _rm(
            "rm2",
            f"def test_aeon_softmax_not_renormalize2():\n    assert {GRT} is not RoutingMethodType.Renormalize\n",
            f"assert {GRT} is not RoutingMethodType.Renormalize",
        ),
    ),
    (
        "#43223 call compared whole",
        "twin: the fork's own function of the name in its file",
        _rm(
            "rm3",
            "def get_routing_method_type(scoring_func: str, renormalize: bool) -> RoutingMethodType:\n"
            "    # AEON: the Spark's router keeps the old answer for its own kernels\n"
            "    if scoring_func == 'softmax' and renormalize:\n"
            "        return RoutingMethodType.Renormalize\n"
            "    return RoutingMethodType.Unspecified\n\n\n"
            "def aeon_fused(scoring_func: str) -> bool:\n"
            "    return get_routing_method_type(scoring_func, True) == RoutingMethodType.Renormalize\n",
            "return get_routing_method_type(scoring_func, True) == RoutingMethodType.Renormalize",
            head="from vllm.model_executor.layers.fused_moe.config import RoutingMethodType\n\n\n",
        ),
    ),
    (
        "#43223 call compared whole",
        "twin: a method of the name on the fork's own router object (another file's class)",
        _rm(
            "rm4",
            "def aeon_fused4(router) -> bool:\n"
            "    # AEON: the Spark's router object answers for itself\n"
            "    return router.get_routing_method_type() == RoutingMethodType.Renormalize\n",
            "return router.get_routing_method_type() == RoutingMethodType.Renormalize",
            head=f"from {CF} import RoutingMethodType\n\n\n",
        ),
    ),
    (
        "#43223 call compared whole",
        "twin: two calls, the old member or the new one",
        _rm(
            "rm5",
            "def aeon_renorm5(scoring_func: str, top_k: int) -> bool:\n"
            "    return (\n"
            "        get_routing_method_type(scoring_func, top_k, True, None, False) == RoutingMethodType.Renormalize\n"
            "        or get_routing_method_type(scoring_func, top_k, True, None, False)\n"
            "        == RoutingMethodType.RenormalizeNaive\n"
            "    )\n",
            "get_routing_method_type(scoring_func, top_k, True, None, False) == RoutingMethodType.Renormalize",
        ),
    ),
    (
        "#43223 call compared whole",
        "twin: the test patches the helper it pins",
        _rm(
            "rm6",
            "import vllm.model_executor.layers.fused_moe.config as fmc\n\n\n"
            "def test_aeon_patched(monkeypatch):\n"
            '    monkeypatch.setattr(fmc, "get_routing_method_type", lambda *a: RoutingMethodType.Renormalize)\n'
            '    assert fmc.get_routing_method_type("softmax", 8, True, None, False) == RoutingMethodType.Renormalize\n',
            'assert fmc.get_routing_method_type("softmax", 8, True, None, False) == RoutingMethodType.Renormalize',
        ),
    ),
    (
        "#43223 call compared whole",
        "twin: the unchanged sigmoid branch, the member first",
        _rm(
            "rm7",
            "def test_aeon_llama4():\n"
            '    assert RoutingMethodType.Llama4 == get_routing_method_type("sigmoid", 1, False, None, False)\n',
            'assert RoutingMethodType.Llama4 == get_routing_method_type("sigmoid", 1, False, None, False)',
        ),
    ),
]

# --- #34542 (1976356ee6): weight_quant_dtype became a read-only property of FusedMoEQuantConfig (drift/read_only.py:
# a name bound to a call typed by the function's return annotation, killers228)
WQ = ("#34542", "1976356ee6", "FusedMoEQuantConfig gained a read-only weight_quant_dtype property")
WQH = f"import torch\n\nfrom {CF} import FusedMoEQuantConfig, nvfp4_moe_quant_config\n\n\n"
NV = "nvfp4_moe_quant_config(g1_alphas, g2_alphas, a1_gscale, a2_gscale, w1_scale, w2_scale)"
ARGS = "g1_alphas, g2_alphas, a1_gscale, a2_gscale, w1_scale, w2_scale"


def _wq(name: str, body: str, line: str, head: str = WQH) -> Killer:
    return K(*WQ, f"vllm/aeon/r132{name}.py", head + body, line)


CASES += [
    (
        "#34542 store on what a builder returned",
        "the builder imported under another name",
        _wq(
            "wq0",
            f"def aeon_qc0({ARGS}):\n"
            f"    qc = build_qc({ARGS})\n"
            "    qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "qc.weight_quant_dtype = torch.uint8",
            head=f"import torch\n\nfrom {CF} import nvfp4_moe_quant_config as build_qc\n\n\n",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "the fork's own builder annotated as the quant config",
        _wq(
            "wq00",
            f"def aeon_build({ARGS}) -> FusedMoEQuantConfig:\n"
            f"    return {NV}\n\n\n"
            f"def aeon_qc00({ARGS}):\n"
            f"    cfg = aeon_build({ARGS})\n"
            '    cfg.weight_quant_dtype = "nvfp4"\n'
            "    return cfg\n",
            'cfg.weight_quant_dtype = "nvfp4"',
        ),
    ),
]
CASES += [
    (
        "#34542 store on what a builder returned",
        "round 3: the fork's builder returning Optional[the config], the store under a None test",
        _wq(
            "wq9",
            "from typing import Optional\n\n\n"
            f"def aeon_maybe({ARGS}) -> Optional[FusedMoEQuantConfig]:\n"
            f"    return {NV} if g1_alphas is not None else None\n\n\n"
            f"def aeon_qc9({ARGS}):\n"
            f"    qc = aeon_maybe({ARGS})\n"
            "    if qc is not None:\n"
            "        qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "        qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "round 3: another function takes a parameter of the builder's name, this one calls the import",
        _wq(
            "wq10",
            f"def aeon_with(nvfp4_moe_quant_config, {ARGS}):\n"
            f"    return {NV}\n\n\n"
            f"def aeon_qc10({ARGS}):\n"
            f"    qc = {NV}\n"
            '    qc.weight_quant_dtype = "nvfp4"\n'
            "    return qc\n",
            'qc.weight_quant_dtype = "nvfp4"',
        ),
    ),
]
TWINS += [
    (
        "#34542 store on what a builder returned",
        "twin: the fork's builder returns a fresh object of its own class",
        _wq(
            "wq1",
            "class AeonQuantConfig:\n"
            "    def __init__(self, base: FusedMoEQuantConfig) -> None:\n"
            "        self.base = base\n"
            "        self.weight_quant_dtype = None\n\n\n"
            f"def aeon_build1({ARGS}) -> AeonQuantConfig:\n"
            f"    return AeonQuantConfig({NV})\n\n\n"
            f"def aeon_qc1({ARGS}):\n"
            f"    qc = aeon_build1({ARGS})\n"
            "    qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: the fork's subclass redefines the name as a settable property",
        _wq(
            "wq2",
            "class AeonNvfp4QuantConfig(FusedMoEQuantConfig):\n"
            "    _aeon_wdtype = None\n\n"
            "    @property\n"
            "    def weight_quant_dtype(self):\n"
            "        return self._aeon_wdtype\n\n"
            "    @weight_quant_dtype.setter\n"
            "    def weight_quant_dtype(self, value):\n"
            "        self._aeon_wdtype = value\n\n\n"
            'def aeon_build2(base: FusedMoEQuantConfig) -> "AeonNvfp4QuantConfig":\n'
            "    return AeonNvfp4QuantConfig(**vars(base))\n\n\n"
            "def aeon_qc2(base: FusedMoEQuantConfig):\n"
            "    qc = aeon_build2(base)\n"
            "    qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: a builder returning the quant config or the fork's own holder (a union)",
        _wq(
            "wq3",
            "class AeonHolder:\n"
            "    weight_quant_dtype = None\n\n\n"
            f"def aeon_pick(packed: bool, {ARGS}) -> FusedMoEQuantConfig | AeonHolder:\n"
            f"    return AeonHolder() if packed else {NV}\n\n\n"
            f"def aeon_qc3({ARGS}):\n"
            f"    held = aeon_pick(True, {ARGS})\n"
            "    held.weight_quant_dtype = torch.uint8\n"
            "    return held\n",
            "held.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: a factory returning a callable that makes the config (a function's attribute)",
        _wq(
            "wq4",
            "from collections.abc import Callable\nfrom functools import partial\n\n\n"
            f"def aeon_factory({ARGS}) -> Callable[[], FusedMoEQuantConfig]:\n"
            f"    return partial(nvfp4_moe_quant_config, {ARGS})\n\n\n"
            f"def aeon_qc4({ARGS}):\n"
            f"    make = aeon_factory({ARGS})\n"
            "    make.weight_quant_dtype = torch.uint8  # AEON: tag the factory for the Spark's loader\n"
            "    return make\n",
            "make.weight_quant_dtype = torch.uint8  # AEON: tag the factory for the Spark's loader",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: the name rebound to the fork's own wrapper before the store",
        _wq(
            "wq5",
            "class AeonWrapped:\n"
            "    def __init__(self, qc) -> None:\n"
            "        self.qc = qc\n"
            "        self.weight_quant_dtype = None\n\n\n"
            f"def aeon_qc5({ARGS}):\n"
            f"    qc = {NV}\n"
            "    qc = AeonWrapped(qc)\n"
            "    qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: the store under try/except AttributeError",
        _wq(
            "wq6",
            f"def aeon_qc6({ARGS}):\n"
            f"    qc = {NV}\n"
            "    try:\n"
            "        qc.weight_quant_dtype = torch.uint8\n"
            "    except AttributeError:\n"
            "        pass  # AEON: upstream answers it itself now\n"
            "    return qc\n",
            "        qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: the builder's name a parameter of the fork's function (a factory handed in)",
        _wq(
            "wq7",
            f"def aeon_qc7(nvfp4_moe_quant_config, {ARGS}):\n"
            "    # AEON: the Spark's loader hands its own factory\n"
            f"    qc = {NV}\n"
            "    qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 store on what a builder returned",
        "twin: a builder returning a class, the fork sets a class attribute on its own subclass",
        _wq(
            "wq8",
            "def aeon_config_class() -> type[FusedMoEQuantConfig]:\n"
            "    class AeonQC(FusedMoEQuantConfig):\n"
            "        pass\n\n"
            "    return AeonQC\n\n\n"
            "def aeon_qc8():\n"
            "    cls = aeon_config_class()\n"
            "    cls.weight_quant_dtype = torch.uint8  # AEON: a class attribute replaces the property\n"
            "    return cls\n",
            "cls.weight_quant_dtype = torch.uint8  # AEON: a class attribute replaces the property",
        ),
    ),
]

# --- #19642 (33d51f599e): FusedMoEModularKernel calls self.fused_experts.enable_chunking(), a new method of the
# experts' base; self.fused_experts is stored from the annotated parameter (drift/new_hooks.py, killers228)
EC = ("#19642", "33d51f599e", "FusedMoEPermuteExpertsUnpermute gained enable_chunking(), which the kernel calls")
ECH = f"from {MK} import (\n    FusedMoEModularKernel,\n    FusedMoEPermuteExpertsUnpermute,\n    FusedMoEPrepareAndFinalize,\n)\n\n\n"


def _ec(name: str, body: str, line: str) -> Killer:
    return K(*EC, f"vllm/aeon/r132{name}.py", ECH + body, line)


CASES += [
    (
        "#19642 hook on a parameter-typed field",
        "a class attribute of the name on a subclass of the fork's own experts subclass",
        _ec(
            "ec0",
            "class AeonExpertsBase(FusedMoEPermuteExpertsUnpermute):\n"
            "    aeon_tile = 128\n\n\n"
            "class AeonExperts0(AeonExpertsBase):\n"
            "    enable_chunking = True  # AEON: the Spark always chunks\n",
            "enable_chunking = True  # AEON: the Spark always chunks",
        ),
    ),
    (
        "#19642 hook on a parameter-typed field",
        "a subclass's enable_chunking taking a required keyword-only flag",
        _ec(
            "ec00",
            "class AeonExperts00(FusedMoEPermuteExpertsUnpermute):\n"
            "    def enable_chunking(self, *, cuda_graph: bool) -> bool:\n"
            "        return not cuda_graph\n",
            "def enable_chunking(self, *, cuda_graph: bool) -> bool:",
        ),
    ),
]
CASES += [
    (
        "#19642 hook on a parameter-typed field",
        "round 3: an annotated class attribute of the name on an experts subclass",
        _ec(
            "ec7",
            "class AeonExperts7(FusedMoEPermuteExpertsUnpermute):\n"
            "    enable_chunking: bool = False  # AEON: no chunking on unified memory\n",
            "enable_chunking: bool = False  # AEON: no chunking on unified memory",
        ),
    ),
]
TWINS += [
    (
        "#19642 hook on a parameter-typed field",
        "twin: the prepare/finalize side (another stored parameter) of the name",
        _ec(
            "ec1",
            "class AeonPrepare1(FusedMoEPrepareAndFinalize):\n"
            "    def enable_chunking(self, enabled: bool) -> None:\n"
            "        # AEON: the Spark's all-to-all buffers follow the experts' chunking\n"
            "        self._aeon_chunked = enabled\n",
            "def enable_chunking(self, enabled: bool) -> None:",
        ),
    ),
    (
        "#19642 hook on a parameter-typed field",
        "twin: a subclass of the kernel (the holder) with a class attribute of the name",
        _ec(
            "ec2",
            "class AeonKernel2(FusedMoEModularKernel):\n    enable_chunking = False  # AEON: the kernel's own switch\n",
            "enable_chunking = False  # AEON: the kernel's own switch",
        ),
    ),
    (
        "#19642 hook on a parameter-typed field",
        "twin: the fork's own class (no base) with the name",
        _ec(
            "ec3",
            "class AeonChunkPolicy:\n"
            "    enable_chunking = False\n\n"
            "    def set(self, enabled: bool) -> None:\n"
            "        self.enable_chunking = enabled\n",
            "enable_chunking = False",
        ),
    ),
    (
        "#19642 hook on a parameter-typed field",
        "twin: a subclass's enable_chunking with a defaulted flag (fits the call)",
        _ec(
            "ec4",
            "class AeonExperts4(FusedMoEPermuteExpertsUnpermute):\n"
            "    def enable_chunking(self, enabled: bool = True) -> bool:\n"
            "        return enabled and self.supports_chunking()\n",
            "def enable_chunking(self, enabled: bool = True) -> bool:",
        ),
    ),
    (
        "#19642 hook on a parameter-typed field",
        "twin: a subclass's enable_chunking taking *args (fits the call)",
        _ec(
            "ec5",
            "class AeonExperts5(FusedMoEPermuteExpertsUnpermute):\n"
            "    def enable_chunking(self, *args) -> bool:\n"
            "        return bool(args) or False\n",
            "def enable_chunking(self, *args) -> bool:",
        ),
    ),
    (
        "#19642 hook on a parameter-typed field",
        "twin: the kernel's subclass stores its own wrapper in the field (the fork's wrapper defines the hook)",
        _ec(
            "ec6",
            "class AeonExpertsGuard:\n"
            "    def __init__(self, inner) -> None:\n"
            "        self.inner = inner\n\n"
            "    def enable_chunking(self, enabled: bool = False) -> bool:\n"
            "        return enabled\n\n\n"
            "class AeonKernel6(FusedMoEModularKernel):\n"
            "    def __init__(self, prepare_finalize, fused_experts, shared_experts=None) -> None:\n"
            "        super().__init__(prepare_finalize, fused_experts, shared_experts)\n"
            "        self.fused_experts = AeonExpertsGuard(fused_experts)\n",
            "    def enable_chunking(self, enabled: bool = False) -> bool:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review132-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
